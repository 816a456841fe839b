import AtriumAPI
import AtriumCrypto
import Foundation

/// Profile photos on disk, under `DIR/files/photos/`, named by the hash of their content: a
/// file is written once and never changed, so its name can serve as its ETag and its address
/// can be cached for good. A path is never built from user input.
package struct PhotoFiles: Sendable {
  package let root: String

  /// The sizes every photo is stored in.
  package static let sides = PhotoSize.allCases.map(\.rawValue)

  package init(filesDirectory: String) {
    root = filesDirectory + "/photos"
  }

  /// Writes one photo's files and returns its id. Each file is written to a temporary name,
  /// flushed and renamed, so a crash leaves either the whole file or none.
  package func store(_ images: [PhotoSize: [UInt8]]) throws -> String {
    guard let large = images[.large] else { throw InternalFault("A photo needs its large size.") }
    let id = String(Crypto.hex(Crypto.sha256(large)).prefix(32))
    let folder = root + "/" + id.prefix(2)
    try FileManager.default.createDirectory(
      atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    for (size, bytes) in images {
      let path = self.path(of: id, size: size)
      if FileManager.default.fileExists(atPath: path) { continue }
      try Self.writeDurably(bytes, to: path)
    }
    return id
  }

  /// A stored size of a photo, or nil when its file is missing.
  package func read(_ id: String, size: PhotoSize) -> [UInt8]? {
    guard Self.isPhotoID(id) else { return nil }
    return FileManager.default.contents(atPath: path(of: id, size: size)).map { Array($0) }
  }

  /// Deletes the files of photos nobody uses that are older than `age` seconds (younger ones
  /// may belong to an upload whose transaction is still running).
  @discardableResult
  package func removeUnused(keeping inUse: Set<String>, olderThan age: TimeInterval, now: Date) -> Int {
    let files = FileManager.default
    var removed = 0
    for folder in (try? files.contentsOfDirectory(atPath: root)) ?? [] {
      for name in (try? files.contentsOfDirectory(atPath: root + "/" + folder)) ?? [] {
        let id = String(name.prefix { $0 != "-" && $0 != "." })
        let path = root + "/" + folder + "/" + name
        guard !inUse.contains(id),
          let modified = (try? files.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
          now.timeIntervalSince(modified) > age
        else { continue }
        if (try? files.removeItem(atPath: path)) != nil { removed += 1 }
      }
    }
    return removed
  }

  /// Deletes every size of a photo at once (an erased person's), not at the next housekeeping.
  package func remove(_ id: String) {
    guard Self.isPhotoID(id) else { return }
    for size in PhotoSize.allCases { try? FileManager.default.removeItem(atPath: path(of: id, size: size)) }
  }

  private func path(of id: String, size: PhotoSize) -> String {
    "\(root)/\(id.prefix(2))/\(id)-\(size.rawValue).jpg"
  }

  /// Ids are lowercase hex made by `store`; anything else never reaches the file system.
  package static func isPhotoID(_ id: String) -> Bool {
    id.count == 32 && id.allSatisfy { $0.isHexDigit && !$0.isUppercase }
  }

  private static func writeDurably(_ bytes: [UInt8], to path: String) throws {
    let temporary = path + ".tmp-" + UUID().uuidString
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    guard descriptor >= 0 else { throw InternalFault("Cannot write the photo file \(temporary): errno \(errno).") }
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced, rename(temporary, path) == 0 else {
      let failure = InternalFault("Cannot write the photo file \(path): errno \(errno).")
      unlink(temporary)
      throw failure
    }
  }
}
