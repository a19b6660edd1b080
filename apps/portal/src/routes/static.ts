import express, { Router } from 'express';
import { chartJsUmdPath, STATIC_DIR } from '../paths';

/** Stylesheet, scripts and the chart library; no session work for these. */
export function staticRouter(): Router {
  const router = Router();
  const chartJs = chartJsUmdPath();
  // dotfiles: 'allow' because pnpm keeps packages under node_modules/.pnpm; the path is ours, not the client's.
  router.get('/vendor/chart.umd.js', (_req, res) => res.sendFile(chartJs, { maxAge: '1d', dotfiles: 'allow' }));
  router.use(express.static(STATIC_DIR, { index: false, maxAge: '1h', fallthrough: true, dotfiles: 'ignore' }));
  return router;
}
