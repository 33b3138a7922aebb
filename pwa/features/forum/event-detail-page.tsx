import { ComingSoon } from '../../components/coming-soon';

export function EventDetailPage() {
  return <ComingSoon title="Event" />;
}
