import type { FailedTransactionMetadata } from 'litesvm'

/**
 * litesvm's TransactionError as Solana's RPC JSON answers it (what web3.js puts in status.err):
 * "BlockhashNotFound", { InstructionError: [0, { Custom: 1 }] }, ...
 * The names follow litesvm's const enums (dist/internal.d.ts; txError.test.ts checks the order).
 */
export type TransactionErrorJson = string | Record<string, unknown>

export const TRANSACTION_ERRORS = [
  'AccountInUse',
  'AccountLoadedTwice',
  'AccountNotFound',
  'ProgramAccountNotFound',
  'InsufficientFundsForFee',
  'InvalidAccountForFee',
  'AlreadyProcessed',
  'BlockhashNotFound',
  'CallChainTooDeep',
  'MissingSignatureForFee',
  'InvalidAccountIndex',
  'SignatureFailure',
  'InvalidProgramForExecution',
  'SanitizeFailure',
  'ClusterMaintenance',
  'AccountBorrowOutstanding',
  'WouldExceedMaxBlockCostLimit',
  'UnsupportedVersion',
  'InvalidWritableAccount',
  'WouldExceedMaxAccountCostLimit',
  'WouldExceedAccountDataBlockLimit',
  'TooManyAccountLocks',
  'AddressLookupTableNotFound',
  'InvalidAddressLookupTableOwner',
  'InvalidAddressLookupTableData',
  'InvalidAddressLookupTableIndex',
  'InvalidRentPayingAccount',
  'WouldExceedMaxVoteCostLimit',
  'WouldExceedAccountDataTotalLimit',
  'MaxLoadedAccountsDataSizeExceeded',
  'ResanitizationNeeded',
  'InvalidLoadedAccountsDataSizeLimit',
  'UnbalancedTransaction',
  'ProgramCacheHitMaxLimit',
  'CommitCancelled',
] as const

export const INSTRUCTION_ERRORS = [
  'GenericError',
  'InvalidArgument',
  'InvalidInstructionData',
  'InvalidAccountData',
  'AccountDataTooSmall',
  'InsufficientFunds',
  'IncorrectProgramId',
  'MissingRequiredSignature',
  'AccountAlreadyInitialized',
  'UninitializedAccount',
  'UnbalancedInstruction',
  'ModifiedProgramId',
  'ExternalAccountLamportSpend',
  'ExternalAccountDataModified',
  'ReadonlyLamportChange',
  'ReadonlyDataModified',
  'DuplicateAccountIndex',
  'ExecutableModified',
  'RentEpochModified',
  'NotEnoughAccountKeys',
  'AccountDataSizeChanged',
  'AccountNotExecutable',
  'AccountBorrowFailed',
  'AccountBorrowOutstanding',
  'DuplicateAccountOutOfSync',
  'InvalidError',
  'ExecutableDataModified',
  'ExecutableLamportChange',
  'ExecutableAccountNotRentExempt',
  'UnsupportedProgramId',
  'CallDepth',
  'MissingAccount',
  'ReentrancyNotAllowed',
  'MaxSeedLengthExceeded',
  'InvalidSeeds',
  'InvalidRealloc',
  'ComputationalBudgetExceeded',
  'PrivilegeEscalation',
  'ProgramEnvironmentSetupFailure',
  'ProgramFailedToComplete',
  'ProgramFailedToCompile',
  'Immutable',
  'IncorrectAuthority',
  'AccountNotRentExempt',
  'InvalidAccountOwner',
  'ArithmeticOverflow',
  'UnsupportedSysvar',
  'IllegalOwner',
  'MaxAccountsDataAllocationsExceeded',
  'MaxAccountsExceeded',
  'MaxInstructionTraceLengthExceeded',
  'BuiltinProgramsMustConsumeComputeUnits',
  'BorshIoError',
] as const

const SIGNATURE_FAILURE = TRANSACTION_ERRORS.indexOf('SignatureFailure')
const ALREADY_PROCESSED = TRANSACTION_ERRORS.indexOf('AlreadyProcessed')

type LitesvmError = ReturnType<FailedTransactionMetadata['err']>

function instructionErrorJson(err: unknown): unknown {
  if (typeof err === 'number') return INSTRUCTION_ERRORS[err] ?? `InstructionError${err}`
  const e = err as { code?: number; msg?: string }
  if (typeof e.code === 'number') return { Custom: e.code }
  if (typeof e.msg === 'string') return { BorshIoError: e.msg }
  return String(err)
}

export function transactionErrorJson(err: LitesvmError): TransactionErrorJson {
  if (typeof err === 'number') return TRANSACTION_ERRORS[err] ?? `TransactionError${err}`
  const e = err as unknown as { index?: number; accountIndex?: number; err?: () => unknown }
  const kind = err.constructor.name.replace(/^TransactionError/, '')
  if (typeof e.err === 'function') return { InstructionError: [e.index, instructionErrorJson(e.err())] }
  if (kind === 'DuplicateInstruction') return { DuplicateInstruction: e.index }
  if (typeof e.accountIndex === 'number') return { [kind]: { account_index: e.accountIndex } }
  return String(err)
}

export const isSignatureFailure = (err: LitesvmError) => err === SIGNATURE_FAILURE
export const isAlreadyProcessed = (err: LitesvmError) => err === ALREADY_PROCESSED

/** Human text in the shape validators use: "Error processing Instruction 0: custom program error: 0x1". */
export function describeTransactionError(err: TransactionErrorJson): string {
  if (typeof err === 'string') return err.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase()
  const ix = err.InstructionError as [number, unknown] | undefined
  if (ix) {
    const [index, inner] = ix
    const detail =
      typeof inner === 'object' && inner !== null && 'Custom' in inner
        ? `custom program error: 0x${Number((inner as { Custom: number }).Custom).toString(16)}`
        : String(typeof inner === 'string' ? inner : JSON.stringify(inner))
    return `Error processing Instruction ${index}: ${detail}`
  }
  const rent = err.InsufficientFundsForRent as { account_index: number } | undefined
  if (rent)
    return `Transaction results in an account (${rent.account_index}) with insufficient funds for rent`
  return JSON.stringify(err)
}
