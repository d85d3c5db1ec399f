import { es } from './es';

/** The Spanish texts of the QR reader: they download with its code. */
export const esQr = {
  qr: {
    title: 'Escanear el código QR',
    instructions: 'Apunte la cámara al código QR impreso en el comprobante.',
    upload: 'Subir foto o captura',
    startingCamera: 'Iniciando la cámara…',
    reading: 'Leyendo la imagen…',
    video: 'Vista de la cámara',
    noCamera:
      'Este dispositivo no tiene una cámara disponible. Suba una foto o captura del código QR.',
    permissionDenied:
      'No se permitió el uso de la cámara. Suba una foto o captura del código QR, o permita el acceso a la cámara.',
    cameraFailed: 'No se pudo iniciar la cámara. Suba una foto o captura del código QR.',
    unreadable:
      'No se encontró un código QR legible en la imagen. Intente con una foto más nítida y cercana.',
    notSunat: 'El código QR no corresponde a un comprobante electrónico de SUNAT.',
    imageFailed: 'No se pudo abrir la imagen. Use una foto en formato JPG o PNG.',
  },
};

// Runs when the QR reader's code loads, before it renders.
Object.assign(es, esQr);
