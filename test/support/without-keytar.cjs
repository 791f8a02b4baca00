// Preloaded with NODE_OPTIONS=--require …: this process and the Node processes it starts find no
// keytar, as after an npm install whose keytar build failed (keytar is optional, so npm leaves it out).
const Module = require('node:module')

const resolveFilename = Module._resolveFilename
Module._resolveFilename = function (request, ...rest) {
  if (request === 'keytar') {
    throw Object.assign(new Error("Cannot find module 'keytar'"), { code: 'MODULE_NOT_FOUND' })
  }
  return resolveFilename.call(this, request, ...rest)
}
