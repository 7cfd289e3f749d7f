// Copying a secret (a key or a recovery phrase) for the person's backup, or a wallet's public address. The
// clipboard API first; where it is refused (a denied permission), a copy of the selected text. A secret is
// cleared from the clipboard a minute later, even if the dialog closed since, unless something else was
// copied meanwhile; an address stays.
const CLIPBOARD_CLEAR_MS = 60_000;

let lastCopied: string | null = null;
let clearTimer: ReturnType<typeof setTimeout> | null = null;

async function clearIfStillOurs(): Promise<void> {
  const copied = lastCopied;
  lastCopied = null;
  clearTimer = null;
  if (copied === null) return;
  try {
    // only our own text is wiped; reading may be refused, and then it is wiped regardless
    const current = await navigator.clipboard.readText().catch(() => copied);
    if (current === copied) await navigator.clipboard.writeText('');
  } catch {
    // the window lost focus or the permission is gone: nothing more can be done from here
  }
}

/**
 * Puts `text` on the clipboard: the clipboard API, or where it is refused, a copy of `node`'s selected text.
 * For what is not secret (a wallet's public address): nothing clears it later.
 */
export async function copyText(text: string, node: HTMLElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!node) return false;
    const selection = window.getSelection();
    const range = document.createRange();
    range.selectNodeContents(node);
    selection?.removeAllRanges();
    selection?.addRange(range);
    const copied = document.execCommand('copy');
    selection?.removeAllRanges();
    return copied;
  }
}

export async function copySecret(text: string, node: HTMLElement | null): Promise<boolean> {
  const copied = await copyText(text, node);
  if (copied) {
    lastCopied = text;
    if (clearTimer !== null) clearTimeout(clearTimer);
    clearTimer = setTimeout(() => void clearIfStillOurs(), CLIPBOARD_CLEAR_MS);
  }
  return copied;
}
