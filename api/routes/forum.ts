import { Hono } from 'hono';
import type { AppEnv } from '../context';

// Built by a later issue.
export const forumRoutes = new Hono<AppEnv>();
