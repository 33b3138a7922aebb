import { Hono } from 'hono';
import type { AppEnv } from '../context';

// Built by a later issue.
export const racesRoutes = new Hono<AppEnv>();
