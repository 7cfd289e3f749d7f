// The renderer's Content-Security-Policy, one definition for both hosts. No inline script and no eval
// anywhere; styles allow inline because Mantine writes its CSS variables into a <style> element at run time.
export function rendererCsp(connectSrc: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connectSrc}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
