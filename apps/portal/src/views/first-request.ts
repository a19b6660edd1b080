import { html, type SafeHtml } from './html';

/** The placeholder shown wherever the key itself is not on the page. */
export const KEY_PLACEHOLDER = 'YOUR_API_KEY';

/** The first call to make: a search, which every key with the read scope may do. */
export function firstRequestCurl(baseUrl: string, key = KEY_PLACEHOLDER): string {
  return `curl -H "Authorization: Bearer ${key}" "${baseUrl.replace(/\/+$/, '')}/v1/legal/search?q=zakon"`;
}

/**
 * A copyable curl line for the first request (static/copy.js): the API's address from
 * PUBLIC_BASE_URL, and the key itself only on the page where it is shown once.
 */
export function firstRequestPanel(o: { baseUrl: string; key?: string }): SafeHtml {
  const api = `${o.baseUrl.replace(/\/+$/, '')}/v1`;
  return html`<section class="panel first-request" aria-labelledby="first-request-title">
  <h2 id="first-request-title">Your first request</h2>
  <p>The API is at <code class="break">${api}</code>. Send a key in the <code>Authorization</code> header:</p>
  <label for="first-request-curl">curl command</label>
  <div class="secret-row">
    <textarea id="first-request-curl" class="secret-value" rows="3" readonly spellcheck="false" autocomplete="off">${firstRequestCurl(o.baseUrl, o.key)}</textarea>
    <button type="button" class="button" data-copy-target="first-request-curl">Copy command</button>
  </div>
  <p class="copy-status" data-copy-status-for="first-request-curl" role="status" aria-live="polite"></p>
  <p class="hint">${
    o.key
      ? 'This command contains your new key: treat it like the key.'
      : html`Replace <code>${KEY_PLACEHOLDER}</code> with one of your keys.`
  } Every endpoint is described in the <a href="/v1/openapi.json">OpenAPI document</a>.</p>
</section>`;
}
