const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for the HTML body of a mail. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/**
 * A simple, widely compatible HTML mail: a heading, paragraphs, one button and a footer note. The
 * plain-text alternative is built from the same parts so both always say the same thing.
 */
export function renderMail(parts: { heading: string; paragraphs: string[]; button?: { label: string; url: string }; footer: string }) {
  const { heading, paragraphs, button, footer } = parts;
  const text = [heading, '', ...paragraphs.flatMap((p) => [p, '']), ...(button ? [`${button.label}: ${button.url}`, ''] : []), footer].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:32px">
<p style="margin:0 0 24px;font-weight:bold;color:#4f46e5">Portrait Studio</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
${
  button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(button.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:8px;font-weight:bold">${escapeHtml(button.label)}</a></p>
<p style="margin:0 0 16px;font-size:12px;color:#64748b;word-break:break-all">${escapeHtml(button.url)}</p>`
    : ''
}
<p style="margin:24px 0 0;font-size:12px;color:#64748b">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { text, html };
}
