// The membership facts of SPEC.md §9, shared by Join Us and the FAQ so the two pages never disagree.

export interface Package {
  name: string;
  athlete: 'Triathlete' | 'Duathlete' | 'Runner';
  coverage: 'Full' | 'Half';
  fee: number;
}

// Fees are shown as numbers plus HST: the spec names no currency.
export const PACKAGES: Package[] = [
  { name: 'Full Tri', athlete: 'Triathlete', coverage: 'Full', fee: 256 },
  { name: 'Half Tri', athlete: 'Triathlete', coverage: 'Half', fee: 136 },
  { name: 'Full Du', athlete: 'Duathlete', coverage: 'Full', fee: 213 },
  { name: 'Half Du', athlete: 'Duathlete', coverage: 'Half', fee: 122 },
  { name: 'Full Run', athlete: 'Runner', coverage: 'Full', fee: 182 },
  { name: 'Half Run', athlete: 'Runner', coverage: 'Half', fee: 101 },
];

export const COVERAGE_TEXT: Record<Package['coverage'], string> = {
  Full: 'Whole year',
  Half: 'Fall or Winter only',
};

export const MEMBERSHIP_SESSIONS = [
  { name: 'Fall', months: 'September to December' },
  { name: 'Winter', months: 'January to April' },
  { name: 'Spring', months: 'May to June' },
  { name: 'Summer', months: 'July to August' },
] as const;

export const formatFee = (fee: number) => `${fee} + HST`;
