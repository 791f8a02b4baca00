// Whether keytar, Till's keychain module, loads here. keytar is an optional dependency: npm install
// goes on when its native build fails. If it does not load, prints the one line that says how to
// fix that and exits 1: `npm start` prints it and goes on (the demo shop runs without a keychain).
// `npm test` fixes it itself (scripts/bootstrap/).
import { loadKeytar } from '../src-main/keychain/load-keytar'
import { howToFixKeychainModule } from '../src-main/keychain/secret-store'

try {
  loadKeytar()
} catch (error) {
  console.error(howToFixKeychainModule(process.platform, error))
  process.exit(1)
}
