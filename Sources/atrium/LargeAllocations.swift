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

/// The free memory an arena keeps at its top before giving the rest back to the system:
/// twice `largeAllocationBytes`, the ratio glibc keeps when it moves the two itself.
///
/// Fixing the mapped size fixes this one too, at glibc's default of 128 KB, below one large
/// response: every answer of the 840 pending requests (about 500 KB of JSON, written into a
/// buffer that grows, then copied) gave its pages back when it was freed and faulted them in
/// again for the next, and `perf` put 14% of that row's time in page faults and `madvise`.
let keptFreeBytes: Int32 = 2 * largeAllocationBytes

/// Fixes glibc's threshold for mapped allocations at `largeAllocationBytes` (which also stops
/// it moving), so that a password hash's memory goes back to the system when the hash is done,
/// and lets each arena keep `keptFreeBytes` free for the next large response.
func returnLargeAllocationsToTheSystem() {
  _ = mallopt(M_MMAP_THRESHOLD, largeAllocationBytes)
  _ = mallopt(M_TRIM_THRESHOLD, keptFreeBytes)
}
