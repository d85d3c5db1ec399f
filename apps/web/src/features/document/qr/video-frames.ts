import { decodeQr } from './decode-qr';

/** Frames are read a few times a second: enough to feel instant, light on phone batteries. */
const SCAN_INTERVAL_MS = 200;
const MAX_FRAME_SIDE = 960;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads the camera's picture until `signal` aborts, handing every QR text it
 * finds to `onText`. Resolves when scanning stops; rejects if a frame cannot be read.
 */
export async function scanVideo(
  video: HTMLVideoElement,
  onText: (text: string) => void,
  signal: AbortSignal,
): Promise<void> {
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (context === null) throw new Error('This browser cannot draw video frames on a canvas');

  while (!signal.aborted) {
    if (video.readyState >= video.HAVE_CURRENT_DATA && video.videoWidth > 0) {
      const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const text = await decodeQr(context.getImageData(0, 0, canvas.width, canvas.height));
      if (text !== null && !signal.aborted) onText(text);
    }
    await pause(SCAN_INTERVAL_MS);
  }
}
