// The charter modal with the app's query client: it lives in the frame, outside the screens' data
// layer. Its own module, loaded on demand by the layout: a dynamic import of '@tanstack/react-query'
// itself would keep every export of the library in the bundle (the namespace object), about 4 KB
// gzip more on every page that reads the API (docs/decisions/0061).
import { QueryClientProvider } from '@tanstack/react-query';
import { CharterModal } from '../../features/charter/charter-modal';
import { queryClient } from '../../lib/data/query-client';

export function CharterInFrame() {
  return (
    <QueryClientProvider client={queryClient}>
      <CharterModal />
    </QueryClientProvider>
  );
}
