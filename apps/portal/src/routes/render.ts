import type { Request, Response } from 'express';
import type { SafeHtml } from '../views/html';
import type { PageChrome } from '../views/layout';

export function sendPage(res: Response, page: SafeHtml, status = 200): void {
  res.status(status).type('html').send(page.value);
}

/** What every page's chrome takes from the request: the session and the CSRF token of its forms. */
export function pageChrome(req: Request): Pick<PageChrome, 'session' | 'csrfToken'> {
  return { csrfToken: req.csrfToken, session: req.portalSession };
}
