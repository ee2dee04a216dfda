import type { FastifyCorsOptions } from '@fastify/cors'
import type { ApiConfig } from '../config.ts'

const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/

/** Browser callers: any local origin by default (the demo runs on another port), '*' or a list. */
export function corsOptions(origins: ApiConfig['corsOrigins']): FastifyCorsOptions {
  return {
    origin: origins === '*' ? true : origins === 'localhost' ? LOCAL_ORIGIN : origins,
    methods: ['GET', 'POST', 'OPTIONS'],
    exposedHeaders: ['Retry-After'],
    maxAge: 600,
  }
}
