export type CameraProblem = 'unavailable' | 'denied' | 'failed';

/** Why the camera could not be used, in terms the scanner explains to the user. */
export class CameraError extends Error {
  constructor(
    readonly problem: CameraProblem,
    options?: ErrorOptions,
  ) {
    super(`Camera ${problem}`, options);
    this.name = 'CameraError';
  }
}

function problemOf(error: unknown): CameraProblem {
  // Browsers reject with DOMExceptions, which are not Errors everywhere.
  const name =
    typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'unavailable';
  return 'failed';
}

/** The rear camera when there is one (a phone pointed at a printed document). */
export async function openCamera(): Promise<MediaStream> {
  if (typeof navigator.mediaDevices?.getUserMedia !== 'function') {
    throw new CameraError('unavailable');
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
  } catch (error) {
    throw new CameraError(problemOf(error), { cause: error });
  }
}

export function stopCamera(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}
