import { ComingSoon } from '../../components/coming-soon';

export function ResourcesPage() {
  return <ComingSoon title="Resources" />;
}

export function TeamGearPage() {
  return <ComingSoon title="Team Gear" />;
}
