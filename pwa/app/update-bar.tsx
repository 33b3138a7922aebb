import { useRegisterSW } from 'virtual:pwa-register/react';

/** Offers a reload when a new version is waiting (registerType 'prompt'); mounted once one is (service-worker.ts). */
export function UpdateBar() {
  const {
    needRefresh: [needRefresh, setNeedRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisterError(error) {
      console.warn('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <div className="update-bar" role="status">
      <span>A new version of the app is available.</span>
      <button type="button" className="button button--small button--primary" onClick={() => void updateServiceWorker(true)}>
        Reload
      </button>
      <button type="button" className="button button--small" onClick={() => setNeedRefresh(false)}>
        Later
      </button>
    </div>
  );
}
