/// The format and size of an uploaded image, read from its first bytes before anything is
/// decoded: the content decides the format (never a file name or a Content-Type), and a
/// size check before decoding keeps a small file that claims huge dimensions (a
/// "decompression bomb") from taking the server's memory.
public struct ImageHeader: Hashable, Sendable {
  public enum Format: String, Sendable {
    case jpeg, png, webp
  }

  public let format: Format
  public let width: Int
  public let height: Int

  /// Why bytes are not an image Atrium takes.
  public enum Failure: Error, Equatable {
    /// Not JPEG, PNG or WebP at all (HTTP 415).
    case unsupportedFormat
    /// The right signature, but a header that cannot be read (HTTP 422).
    case damaged
  }

  public init(format: Format, width: Int, height: Int) {
    self.format = format
    self.width = width
    self.height = height
  }

  /// Reads the header of a JPEG, PNG or WebP image.
  public init(of bytes: [UInt8]) throws(Failure) {
    let format = try Self.format(of: bytes)
    let size: (Int, Int)? =
      switch format {
      case .png: Self.pngSize(bytes)
      case .jpeg: Self.jpegSize(bytes)
      case .webp: Self.webpSize(bytes)
      }
    guard let (width, height) = size, width > 0, height > 0 else { throw .damaged }
    self.init(format: format, width: width, height: height)
  }

  static func format(of bytes: [UInt8]) throws(Failure) -> Format {
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
      return .webp
    }
    throw .unsupportedFormat
  }

  /// The IHDR chunk, which PNG requires first.
  private static func pngSize(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 24, Array(bytes[12..<16]) == Array("IHDR".utf8) else { return nil }
    return (Bytes.bigEndian(bytes, at: 16, count: 4), Bytes.bigEndian(bytes, at: 20, count: 4))
  }

  /// The first start-of-frame segment, found by walking the segments after SOI.
  private static func jpegSize(_ bytes: [UInt8]) -> (Int, Int)? {
    var offset = 2
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 {  // segments without a length
        offset += 2
        continue
      }
      let length = Bytes.bigEndian(bytes, at: offset + 2, count: 2)
      guard length >= 2 else { return nil }
      let isFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
      if isFrame {
        guard offset + 9 <= bytes.count else { return nil }
        return (Bytes.bigEndian(bytes, at: offset + 7, count: 2), Bytes.bigEndian(bytes, at: offset + 5, count: 2))
      }
      if marker == 0xDA || marker == 0xD9 { return nil }  // image data before any frame header
      offset += 2 + length
    }
    return nil
  }

  /// The first chunk: lossy (`VP8 `), lossless (`VP8L`) or extended (`VP8X`, with the canvas).
  private static func webpSize(_ bytes: [UInt8]) -> (Int, Int)? {
    guard bytes.count >= 30 else { return nil }
    switch String(decoding: bytes[12..<16], as: UTF8.self) {
    case "VP8 ":
      // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit sizes.
      guard bytes[23] == 0x9D, bytes[24] == 0x01, bytes[25] == 0x2A else { return nil }
      return (
        Bytes.littleEndian(bytes, at: 26, count: 2) & 0x3FFF, Bytes.littleEndian(bytes, at: 28, count: 2) & 0x3FFF
      )
    case "VP8L":
      guard bytes[20] == 0x2F else { return nil }
      let bits = Bytes.littleEndian(bytes, at: 21, count: 4)
      return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    case "VP8X":
      return (Bytes.littleEndian(bytes, at: 24, count: 3) + 1, Bytes.littleEndian(bytes, at: 27, count: 3) + 1)
    default:
      return nil
    }
  }
}

/// Integers read from byte arrays, bounds-checked by the callers.
enum Bytes {
  static func bigEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
    guard offset >= 0, offset + count <= bytes.count else { return 0 }
    return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
  }

  static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
    guard offset >= 0, offset + count <= bytes.count else { return 0 }
    return bytes[offset..<(offset + count)].reversed().reduce(0) { $0 << 8 | Int($1) }
  }
}
