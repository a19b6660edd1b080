import type { Request, Response } from 'express';
import { z } from 'zod';
import { declareRoute, type RouteInput } from '@dp/core';
import { defineRoute, type RouteBinding } from '../src/routes/define-route';
import type { Call } from '../src/pipeline';

const withHeader = declareRoute({
  method: 'get',
  path: '/v1/things',
  operationId: 'listThings',
  summary: 'Things',
  tags: ['test'],
  scope: 'read',
  operation: 'changes.list',
  headers: z.object({ 'X-Thing': z.string().optional() }),
  responses: { 200: { description: 'Things.' } },
});

describe('defineRoute', () => {
  it('hands the handler the headers the route declares, parsed with the rest of its input', async () => {
    let seen: RouteInput<typeof withHeader> | undefined;
    const binding: RouteBinding = defineRoute(withHeader, (input) => {
      seen = input;
    });
    const req = { params: {}, query: {}, body: undefined, headers: { 'x-thing': 'a', host: 'example.test' } } as unknown as Request;
    await binding.handler(req, {} as Response, {} as Call);
    expect(seen?.headers).toEqual({ 'X-Thing': 'a' });
  });
});
