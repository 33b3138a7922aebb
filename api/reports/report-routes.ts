import { Hono, type Context } from 'hono';
import type { AppEnv } from '../platform/context';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { idParam, routeId } from '../platform/middleware/validate';
import { ServiceError } from '../platform/errors';
import {
  memberHistory,
  memberHistoryCsv,
  membersCsv,
  resolveTerm,
  termReport,
  termReportCsv,
  type CsvFile,
} from './reports';
import { MEMBER_NOT_FOUND } from '../../domain/contract/members/admin';
import { MEMBER_IDS_ERROR } from '../../domain/contract/training/reports';

function sendCsv(c: Context<AppEnv>, file: CsvFile): Response {
  return c.body(file.body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'no-store',
  });
}

// Attendance is for execs and administrators, who take it; the members table is the admins' own.
export const reportsRoutes = new Hono<AppEnv>()
  .use('*', requireAuth)
  .get('/attendance', requireRole('exec'), (c) =>
    c.json(termReport(c.var.deps, resolveTerm(c.var.deps, c.req.query('term'))), 200),
  )
  .get('/attendance.csv', requireRole('exec'), (c) =>
    sendCsv(c, termReportCsv(termReport(c.var.deps, resolveTerm(c.var.deps, c.req.query('term'))))),
  )
  .get('/members/:id/attendance', requireRole('exec'), (c) =>
    c.json(memberHistory(c.var.deps, routeId(c, MEMBER_NOT_FOUND), resolveTerm(c.var.deps, c.req.query('term'))), 200),
  )
  .get('/members/:id/attendance.csv', requireRole('exec'), (c) => {
    const answer = memberHistory(c.var.deps, routeId(c, MEMBER_NOT_FOUND), resolveTerm(c.var.deps, c.req.query('term')));
    return sendCsv(c, memberHistoryCsv(answer));
  })
  // ?ids=3,5,8: only the members selected in the table.
  .get('/members.csv', requireRole('administrator'), (c) => {
    const raw = c.req.query('ids');
    if (raw === undefined) return sendCsv(c, membersCsv(c.var.deps));
    const ids = raw.split(',').map((part) => idParam(part.trim()));
    if (ids.length === 0 || ids.length > 5000 || ids.some((id) => id === null)) {
      throw new ServiceError(400, MEMBER_IDS_ERROR);
    }
    return sendCsv(c, membersCsv(c.var.deps, new Set(ids as number[])));
  });
