import { useEffect, useRef, useState } from 'react';
import shots from './screenshots.json';

/** scripts/screenshots.mjs writes each image at this size (a 1280 × 800 page, scaled down). */
export const SCREENSHOT_WIDTH = 800;
export const SCREENSHOT_HEIGHT = 500;

export interface Screenshot {
  file: string;
  title: string;
  alt: string;
}

export const SCREENSHOTS: Screenshot[] = shots;

const srcOf = (shot: Screenshot) => `/screenshots/${shot.file}`;

/** Thumbnails of the real app; each opens a larger view in a modal dialog. */
export function ScreenshotGallery() {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  return (
    <>
      <ul className="gallery">
        {SCREENSHOTS.map((shot, index) => (
          <li key={shot.file}>
            <button
              type="button"
              className="gallery__thumb card card--enhanced"
              onClick={() => setOpenIndex(index)}
            >
              <img
                src={srcOf(shot)}
                alt=""
                width={SCREENSHOT_WIDTH}
                height={SCREENSHOT_HEIGHT}
                loading="lazy"
                decoding="async"
              />
              <span className="gallery__title">
                {shot.title}
                <span className="visually-hidden"> (open a larger screenshot)</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      {openIndex !== null && (
        <ScreenshotDialog index={openIndex} onChange={setOpenIndex} onClose={() => setOpenIndex(null)} />
      )}
    </>
  );
}

function ScreenshotDialog({
  index,
  onChange,
  onClose,
}: {
  index: number;
  onChange: (index: number) => void;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const shot = SCREENSHOTS[index]!;
  const count = SCREENSHOTS.length;

  // A modal <dialog> traps focus, closes on Escape and hides the page from screen readers;
  // focus goes back to the thumbnail that opened it.
  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement as HTMLElement | null;
    if (typeof dialog?.showModal === 'function') dialog.showModal();
    else dialog?.setAttribute('open', ''); // browsers (and jsdom) without modal dialogs
    return () => {
      if (typeof dialog?.close === 'function') dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="screenshot-dialog"
      aria-labelledby="screenshot-dialog-title"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose(); // a click on the backdrop
      }}
    >
      <div className="screenshot-dialog__body">
        <div className="screenshot-dialog__header">
          <h2 id="screenshot-dialog-title">{shot.title}</h2>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Close
          </button>
        </div>
        <img src={srcOf(shot)} alt={shot.alt} width={SCREENSHOT_WIDTH} height={SCREENSHOT_HEIGHT} />
        <div className="screenshot-dialog__nav">
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onChange((index - 1 + count) % count)}
          >
            Previous
          </button>
          <span aria-live="polite">
            {index + 1} of {count}
          </span>
          <button
            type="button"
            className="button button--ghost"
            onClick={() => onChange((index + 1) % count)}
          >
            Next
          </button>
        </div>
      </div>
    </dialog>
  );
}
