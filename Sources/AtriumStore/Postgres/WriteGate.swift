import Foundation

/// The instance's gate for PostgreSQL writes: first attempts pass together (shared), a write
/// that conflicted runs again alone (exclusive), once the writes already running have ended.
/// Writers are preferred, so new first attempts wait behind a retry: a retry then meets no
/// other write of this instance, and only another instance can make it conflict again.
final class WriteGate: @unchecked Sendable {
  private let lock = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)

  init() {
    var attributes = pthread_rwlockattr_t()
    pthread_rwlockattr_init(&attributes)
    pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
    pthread_rwlock_init(lock, &attributes)
    pthread_rwlockattr_destroy(&attributes)
  }

  deinit {
    pthread_rwlock_destroy(lock)
    lock.deallocate()
  }

  func enter(alone: Bool) {
    if alone { pthread_rwlock_wrlock(lock) } else { pthread_rwlock_rdlock(lock) }
  }

  func leave() { pthread_rwlock_unlock(lock) }
}
