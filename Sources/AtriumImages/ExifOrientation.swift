/// How a camera says its picture must be turned to be seen upright: the EXIF `Orientation`
/// tag (0x0112). Phones store the sensor's pixels as they came and set this tag, so a photo
/// that ignores it comes out sideways.
public enum ExifOrientation: Int, Sendable, CaseIterable {
  case upright = 1
  case mirrored = 2
  case upsideDown = 3
  case flipped = 4
  case transposed = 5
  case turnedClockwise = 6
  case transversed = 7
  case turnedCounterclockwise = 8

  /// The orientation recorded in a JPEG (APP1 `Exif`), WebP (`EXIF` chunk) or PNG (`eXIf`
  /// chunk); upright when there is none or it cannot be read.
  public static func read(from bytes: [UInt8], format: ImageHeader.Format) -> ExifOrientation {
    let tiff: ArraySlice<UInt8>? =
      switch format {
      case .jpeg: jpegExif(bytes)
      case .webp: riffChunk("EXIF", in: bytes, from: 12)
      case .png: pngChunk("eXIf", in: bytes)
      }
    guard var tiff else { return .upright }
    let exifHeader = Array("Exif".utf8) + [0, 0]
    if tiff.starts(with: exifHeader) { tiff = tiff.dropFirst(6) }
    return orientation(inTIFF: Array(tiff)) ?? .upright
  }

  /// Where the pixel shown at (x, y) of a `side`-pixel square comes from in the stored one.
  public func source(ofX x: Int, y: Int, side: Int) -> (x: Int, y: Int) {
    let last = side - 1
    return switch self {
    case .upright: (x, y)
    case .mirrored: (last - x, y)
    case .upsideDown: (last - x, last - y)
    case .flipped: (x, last - y)
    case .transposed: (y, x)
    case .turnedClockwise: (y, last - x)
    case .transversed: (last - y, last - x)
    case .turnedCounterclockwise: (last - y, x)
    }
  }

  // MARK: - Containers

  private static func jpegExif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      if marker == 0xDA || marker == 0xD9 { return nil }
      let length = Bytes.bigEndian(bytes, at: offset + 2, count: 2)
      guard length >= 2, offset + 2 + length <= bytes.count else { return nil }
      let payload = bytes[(offset + 4)..<(offset + 2 + length)]
      if marker == 0xE1, payload.starts(with: Array("Exif".utf8) + [0, 0]) { return payload }
      offset += 2 + length
    }
    return nil
  }

  private static func riffChunk(
    _ name: String, in bytes: [UInt8], from start: Int
  ) -> ArraySlice<UInt8>? {
    var offset = start
    while offset + 8 <= bytes.count {
      let size = Bytes.littleEndian(bytes, at: offset + 4, count: 4)
      guard size >= 0, offset + 8 + size <= bytes.count else { return nil }
      if String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self) == name {
        return bytes[(offset + 8)..<(offset + 8 + size)]
      }
      offset += 8 + size + (size & 1)  // chunks are padded to an even size
    }
    return nil
  }

  private static func pngChunk(_ name: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
    var offset = 8
    while offset + 12 <= bytes.count {
      let size = Bytes.bigEndian(bytes, at: offset, count: 4)
      guard offset + 12 + size <= bytes.count else { return nil }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == name { return bytes[(offset + 8)..<(offset + 8 + size)] }
      if type == "IDAT" || type == "IEND" { return nil }
      offset += 12 + size
    }
    return nil
  }

  /// IFD0's Orientation entry in a TIFF structure (either byte order).
  static func orientation(inTIFF tiff: [UInt8]) -> ExifOrientation? {
    guard tiff.count >= 8 else { return nil }
    let little: Bool
    switch (tiff[0], tiff[1]) {
    case (0x49, 0x49): little = true
    case (0x4D, 0x4D): little = false
    default: return nil
    }
    func read(_ offset: Int, _ count: Int) -> Int {
      little ? Bytes.littleEndian(tiff, at: offset, count: count) : Bytes.bigEndian(tiff, at: offset, count: count)
    }
    guard read(2, 2) == 42 else { return nil }
    let directory = read(4, 4)
    guard directory >= 8, directory + 2 <= tiff.count else { return nil }
    let entries = read(directory, 2)
    for index in 0..<entries {
      let entry = directory + 2 + index * 12
      guard entry + 12 <= tiff.count else { return nil }
      // Tag 0x0112, type SHORT (3): the value sits in the entry's first two value bytes.
      if read(entry, 2) == 0x0112, read(entry + 2, 2) == 3 {
        return ExifOrientation(rawValue: read(entry + 8, 2))
      }
    }
    return nil
  }
}
