import { useState } from 'react';

/** A small preview of an image address; nothing while the address is empty or the image does not load. */
export function ImagePreview({ src, className = 'image-preview' }: { src: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!/^(https?:\/\/|\/(?!\/))/i.test(src.trim()) || failed === src) return null;
  return (
    <img className={className} src={src.trim()} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />
  );
}
