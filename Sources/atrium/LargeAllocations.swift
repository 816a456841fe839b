import CMalloc

/// The size from which glibc serves an allocation by mapping memory of its own, given back
/// to the system when it is freed.
///
/// glibc raises that size on its own to the largest block freed so far (up to 32 MB), and a
/// block below it is kept by the allocator after it is freed. Every sign-in hashes a password
/// with argon2 in 19 MB: after a few sign-ins on different threads, each thread's arena kept
/// one such block, and the server's RSS stood at about 125 MB before serving anything else
/// (139 MB after the read rows; 62 MB with this fixed size, measured with
/// `GLIBC_TUNABLES=glibc.malloc.mmap_threshold` before it was set here). Responses, which stay
/// well below it, are still served from the arenas.
let largeAllocationBytes: Int32 = 4 << 20

/// Fixes glibc's threshold for mapped allocations at `largeAllocationBytes` (which also stops
/// it moving), so that a password hash's memory goes back to the system when the hash is done.
func returnLargeAllocationsToTheSystem() {
  _ = mallopt(M_MMAP_THRESHOLD, largeAllocationBytes)
}
