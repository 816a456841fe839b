import CMicroHTTPD

/// An answer's body handed to libmicrohttpd as it is, kept alive until MHD frees the response.
///
/// Handed over with `MHD_RESPMEM_MUST_COPY`, every body was copied once more into memory MHD
/// allocated: for the approvals list's 500 KB page that was another 500 KB written into fresh
/// pages, and `perf` put a few percent of that page's time in the copy and its page faults.
/// The array is never changed while MHD holds it, so its elements stay where they are.
final class SentBody {
  let bytes: [UInt8]

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// A response of MHD's whose body is `bytes`, nil when MHD could not make one.
  static func response(_ bytes: [UInt8]) -> OpaquePointer? {
    guard !bytes.isEmpty else { return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT) }
    let body = SentBody(bytes)
    let address = body.bytes.withUnsafeBytes { UnsafeMutableRawPointer(mutating: $0.baseAddress) }
    let kept = Unmanaged.passRetained(body).toOpaque()
    guard
      let response = MHD_create_response_from_buffer_with_free_callback_cls(
        bytes.count, address, releaseSentBody, kept)
    else {
      Unmanaged<SentBody>.fromOpaque(kept).release()
      return nil
    }
    return response
  }
}

/// Called when MHD frees the response: lets go of its body.
private let releaseSentBody: MHD_ContentReaderFreeCallback = { kept in
  guard let kept else { return }
  Unmanaged<SentBody>.fromOpaque(kept).release()
}
