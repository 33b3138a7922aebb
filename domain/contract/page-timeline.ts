// Marks the app puts on a page's timeline (performance.mark) for the moments a member cannot see but
// the benchmark and the fault tests measure by.

/**
 * The idle warm-up starts: what is fetched from then on comes ahead of time, after the page answers
 * taps, and the benchmark counts it apart from the page's first download.
 */
export const WARM_UP_MARK = 'club:warm-up';

/**
 * The warm-up's files have all arrived: from then on a change made offline can be kept. The outbox
 * module's own file arriving is not enough, since Dexie comes in a file of its own.
 */
export const WARMED_MARK = 'club:warmed';
