import { html, type SafeHtml } from './html';
import { layout, type PageChrome } from './layout';

const TITLES: Record<number, string> = {
  400: 'The request could not be understood',
  403: 'This action was refused',
  404: 'Page not found',
  405: 'Not allowed here',
  413: 'The form is too large',
  429: 'Too many attempts',
  500: 'Something went wrong',
  503: 'The portal is briefly unavailable',
};

export function errorPage(
  o: Pick<PageChrome, 'session' | 'csrfToken'> & { status: number; message: string; requestId?: string; retryAfterSeconds?: number },
): SafeHtml {
  const minutes = o.retryAfterSeconds ? Math.max(1, Math.ceil(o.retryAfterSeconds / 60)) : undefined;
  return layout(
    { ...o, title: TITLES[o.status] ?? 'Something went wrong' },
    html`<div class="notice notice-warning" role="alert">
  <p>${o.message}</p>
  ${minutes ? html`<p>You can try again in about ${minutes} minute${minutes === 1 ? '' : 's'}.</p>` : ''}
</div>
<p><a href="/portal">Go to the portal home</a></p>
${o.requestId ? html`<p class="muted">Reference for support: <code>${o.requestId}</code></p>` : ''}`,
  );
}
