import { ComingSoon } from '../../components/coming-soon';

export function FaqPage() {
  return <ComingSoon title="FAQ" />;
}
