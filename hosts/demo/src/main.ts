// An async boundary keeps the entry tiny and lets shared modules initialise first.
void import('./bootstrap.tsx')
