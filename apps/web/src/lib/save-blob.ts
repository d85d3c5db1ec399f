/** Saves a file the page holds in memory, under the given name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click returns; the URL must outlive it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
