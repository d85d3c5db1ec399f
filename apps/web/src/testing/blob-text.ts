/** jsdom's Blob has no text(); FileReader reads it. */
export function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The blob could not be read'));
    reader.readAsText(blob);
  });
}
