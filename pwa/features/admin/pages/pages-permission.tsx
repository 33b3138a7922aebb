import { useState } from 'react';
import { errorMessage } from '../../../lib/data/api-client';
import { newerVersion, usePublishDocument } from '../../../lib/documents/club-documents';
import { useClubDocument } from '../../../lib/documents/page-documents';

/** The administrators' switch: whether execs may edit the club's pages too (the `permissions` document). */
export function PagesPermission() {
  const permissions = useClubDocument('permissions');
  const publish = usePublishDocument('permissions');
  const [error, setError] = useState('');
  const document = permissions.data;
  return (
    <div className="pages-permission">
      <label className="admin-checkbox">
        <input
          type="checkbox"
          checked={document?.body.execsEditPages ?? false}
          disabled={!document || publish.isPending}
          onChange={(e) => {
            if (!document) return;
            setError('');
            publish.mutate(
              { body: { execsEditPages: e.target.checked }, version: document.version },
              {
                onError: (err) =>
                  setError(newerVersion(err) ? 'Another administrator changed this just now: it shows their choice. Try again.' : errorMessage(err, 'Not saved. Try again.')),
              },
            );
          }}
        />
        <span>Execs may edit the pages</span>
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
