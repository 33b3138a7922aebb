import { useState } from 'react';
import type { DocumentKey } from '../../../../domain/documents/club-documents';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { formatDateTime } from '../../../lib/ui/format';
import './version-list.css';

interface VersionListProps<K extends DocumentKey> {
  /** Every published version, newest first (GET /club/documents/:key/versions). */
  versions: ClubDocument<K>[];
  /** The version in force. */
  current: number;
  /** What the version that is not in force says, shown under it on request (a preview). */
  renderVersion?: (version: ClubDocument<K>) => React.ReactNode;
  /** Publish `version` again as the newest (0: the default text). */
  onRestore: (version: number) => void;
  /** The version being restored, while the request is out. */
  restoring?: number | null;
}

/**
 * A document's history for its editors: each published version with who published it and when, the
 * one in force marked, and "Restore this version" on the others (the default text last, as version 0).
 * Any screen that edits a club document shows its history with this.
 */
export function VersionList<K extends DocumentKey>({ versions, current, renderVersion, onRestore, restoring = null }: VersionListProps<K>) {
  const [shown, setShown] = useState<number | null>(null);
  const rows: { version: number; who: string; when: string; note: string | null; minor: boolean; document: ClubDocument<K> | null }[] = [
    ...versions.map((v) => ({
      version: v.version,
      who: v.publishedBy?.name ?? 'Someone',
      when: v.publishedAt === null ? '' : formatDateTime(v.publishedAt),
      note: v.note,
      minor: v.minor,
      document: v,
    })),
    { version: 0, who: 'The default text', when: '', note: null, minor: false, document: null },
  ];
  return (
    <ol className="version-list" aria-label="Versions, newest first">
      {rows.map((row) => (
        <li key={row.version} className="version-list__item">
          <div className="version-list__line">
            <span className="version-list__what">
              <strong>{row.version === 0 ? 'Default' : `Version ${row.version}`}</strong>
              {row.version === current && <span className="version-list__current"> (in force)</span>}
            </span>
            <span className="version-list__who">
              {row.version === 0 ? row.who : `${row.who}${row.when ? `, ${row.when}` : ''}`}
              {row.minor && ' · wording fix'}
              {row.note && ` · ${row.note}`}
            </span>
            {row.version !== current && (
              <span className="version-list__actions">
                {renderVersion && row.document && (
                  <button
                    type="button"
                    className="button button--small button--ghost"
                    aria-expanded={shown === row.version}
                    onClick={() => setShown(shown === row.version ? null : row.version)}
                  >
                    {shown === row.version ? 'Hide' : 'Show'}
                    <span className="visually-hidden"> version {row.version}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="button button--small"
                  disabled={restoring !== null}
                  onClick={() => onRestore(row.version)}
                >
                  {restoring === row.version ? 'Restoring…' : 'Restore this version'}
                  <span className="visually-hidden">{row.version === 0 ? ' (the default text)' : ` (version ${row.version})`}</span>
                </button>
              </span>
            )}
          </div>
          {renderVersion && row.document && shown === row.version && <div className="version-list__preview">{renderVersion(row.document)}</div>}
        </li>
      ))}
    </ol>
  );
}
