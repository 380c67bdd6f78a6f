import { useEffect, useState } from 'react';

type QrCodeLibrary = typeof import('qrcode');

/** The qrcode package, fetched when the set-up first needs it (it stays out of every other screen). */
async function loadQrCodeLibrary(): Promise<QrCodeLibrary> {
  const loaded: unknown = await import('qrcode');
  // A CommonJS package: its functions may sit on the namespace or on its default export, by bundler.
  return ((loaded as { default?: QrCodeLibrary }).default ?? loaded) as QrCodeLibrary;
}

/** An image of `text` as a QR code (an SVG in a data URL: the policy allows data: images, not inline markup). */
export async function qrCodeImage(text: string): Promise<string> {
  const svg = await (await loadQrCodeLibrary()).toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The QR code of an otpauth:// address for an authenticator app to scan; the key beside it says the same. */
export function QrCode({ text, alt }: { text: string; alt: string }) {
  const [image, setImage] = useState<{ text: string; src: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    qrCodeImage(text).then(
      (src) => current && setImage({ text, src }),
      () => current && setImage({ text, src: null }),
    );
    return () => {
      current = false;
    };
  }, [text]);

  const shown = image?.text === text ? image : null;
  if (!shown)
    return (
      <div className="account-qr account-qr--pending" role="status">
        Drawing the QR code…
      </div>
    );
  if (!shown.src)
    return (
      <p className="account-qr account-qr--failed">
        The QR code could not be drawn: type the key below into your app instead.
      </p>
    );
  return <img className="account-qr" src={shown.src} width={200} height={200} alt={alt} />;
}
