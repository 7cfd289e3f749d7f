// Copying a secret (a key or a recovery phrase) for the person's backup. The clipboard API first; where it is
// refused (a denied permission), a copy of the selected text. Whatever was copied is cleared from the
// clipboard a minute later, even if the dialog closed since, unless something else was copied meanwhile.
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

export async function copySecret(text: string, node: HTMLElement | null): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    if (node) {
      const selection = window.getSelection();
      const range = document.createRange();
      range.selectNodeContents(node);
      selection?.removeAllRanges();
      selection?.addRange(range);
      copied = document.execCommand('copy');
      selection?.removeAllRanges();
    }
  }
  if (copied) {
    lastCopied = text;
    if (clearTimer !== null) clearTimeout(clearTimer);
    clearTimer = setTimeout(() => void clearIfStillOurs(), CLIPBOARD_CLEAR_MS);
  }
  return copied;
}
