import type { PortalSession } from '../auth/sessions';
import { html, type SafeHtml } from './html';

export type Section = 'keys' | 'webhooks' | 'usage';

export interface PageChrome {
  title: string;
  session?: PortalSession;
  csrfToken?: string;
  current?: Section;
  /** Extra scripts under /portal/static (CSP allows same-origin scripts only, never inline). */
  scripts?: string[];
}

const NAV: { section: Section; href: string; label: string }[] = [
  { section: 'keys', href: '/portal/keys', label: 'API keys' },
  { section: 'webhooks', href: '/portal/webhooks', label: 'Webhooks' },
  { section: 'usage', href: '/portal/usage', label: 'Usage' },
];

function header(chrome: PageChrome): SafeHtml {
  const s = chrome.session;
  return html`<header class="site-header">
  <div class="wrap header-row">
    <a class="brand" href="/portal">Legal Data API <span class="brand-sub">portal</span></a>
    ${
      s
        ? html`<nav aria-label="Main">
      <ul class="nav">
        ${NAV.map(
          (n) => html`<li><a href="${n.href}"${chrome.current === n.section ? html` aria-current="page"` : ''}>${n.label}</a></li>`,
        )}
      </ul>
    </nav>
    <div class="account">
      <span class="account-who">${s.user.email}<span class="visually-hidden">, organization</span> <span class="account-org">${s.org.name}</span></span>
      <form method="post" action="/portal/logout" class="inline-form">
        <input type="hidden" name="_csrf" value="${chrome.csrfToken ?? ''}">
        <button type="submit" class="button-link">Sign out</button>
      </form>
    </div>`
        : html`<nav aria-label="Account">
      <ul class="nav">
        <li><a href="/portal/login">Sign in</a></li>
        <li><a href="/portal/signup">Create account</a></li>
      </ul>
    </nav>`
    }
  </div>
</header>`;
}

/** The page frame: skip link, header, one main landmark, footer; assets only from /portal/static. */
export function layout(chrome: PageChrome, content: SafeHtml): SafeHtml {
  const scripts = ['portal.js', ...(chrome.scripts ?? [])];
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${chrome.title} · Legal Data API portal</title>
<link rel="icon" href="/portal/static/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/portal/static/portal.css">
${scripts.map((s) => html`<script src="/portal/static/${s}" defer></script>\n`)}</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
${header(chrome)}
<main id="main" tabindex="-1">
  <div class="wrap">
    <h1>${chrome.title}</h1>
    ${content}
  </div>
</main>
<footer class="site-footer">
  <div class="wrap">
    <p>Integrations use API keys against <code>/v1</code> (reference: <a href="/v1/openapi.json">OpenAPI document</a>). This portal is for people.</p>
  </div>
</footer>
</body>
</html>
`;
}
