import { ComingSoon } from '../../components/coming-soon';

export function AdminPage() {
  return <ComingSoon title="Admin" />;
}
