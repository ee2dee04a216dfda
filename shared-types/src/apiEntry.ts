// The blockchain API's request and response shapes (transaction previews included), shared by
// services/api and its clients.
export * from './api.ts'
export * from './preview.ts'
