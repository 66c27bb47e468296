import { useEffect, useState } from 'react';

/** What shellView says of the announcement bar. */
export interface Announcement {
  id: string;
  html: string;
  backgroundColor: string | null;
  textColor: string | null;
  isCloseable: boolean;
}

const STORAGE_KEY = 'docsite.announcementDismissed';

/**
 * The bar above the navbar (docsite.yaml `announcementBar`). Its close button needs JavaScript and
 * is remembered in the browser by the announcement's id, as Docusaurus does; without JavaScript
 * the bar stays, and it is never part of what the server varies a page on.
 */
export function AnnouncementBar({ announcement }: { announcement: Announcement | null }) {
  const [dismissed, setDismissed] = useState(false);
  const [scripted, setScripted] = useState(false);
  useEffect(() => {
    setScripted(true);
    setDismissed(announcement !== null && readDismissed() === announcement.id);
  }, [announcement]);
  if (!announcement || dismissed) return null;
  const close = () => {
    setDismissed(true);
    try {
      localStorage.setItem(STORAGE_KEY, announcement.id);
    } catch {
      // Storage may be off: the bar then stays closed for this page only.
    }
  };
  return (
    <div className="announcement" role="note" style={{ background: announcement.backgroundColor ?? undefined, color: announcement.textColor ?? undefined }}>
      <div className="announcement-content" dangerouslySetInnerHTML={{ __html: announcement.html }} />
      {announcement.isCloseable && scripted && (
        <button type="button" className="announcement-close" aria-label="Close announcement" onClick={close}>
          ×
        </button>
      )}
    </div>
  );
}

function readDismissed(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}
