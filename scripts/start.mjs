// npm start: install what is missing, build, start the local stack and the demo, print the URL.
import { spawn } from 'node:child_process'
import { ensureDependencies, ROOT, run } from './lib/setup.mjs'

ensureDependencies()
console.log('› building')
run('npm', ['run', 'build:packages', '--silent'])
run('npm', ['run', 'build', '--silent'])
const stack = spawn('npx', ['tsx', 'scripts/stackCli.ts'], { cwd: ROOT, stdio: 'inherit' })
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stack.kill(signal))
stack.on('exit', (code) => process.exit(code ?? 0))
