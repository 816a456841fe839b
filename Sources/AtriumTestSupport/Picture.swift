import AtriumImages
import AtriumServices
import CGD

/// Test pictures drawn with libgd: the left half one colour, the right half another, so a
/// result shows which way it was turned.
public enum Picture {
  public static let red = (255, 0, 0)
  public static let blue = (0, 0, 255)

  public static func halves(width: Int, height: Int, format: ImageHeader.Format) -> [UInt8] {
    let image = gdImageCreateTrueColor(Int32(width), Int32(height))!
    defer { gdImageDestroy(image) }
    gdImageFilledRectangle(image, 0, 0, Int32(width / 2 - 1), Int32(height - 1), atrium_gd_rgb(255, 0, 0))
    gdImageFilledRectangle(image, Int32(width / 2), 0, Int32(width - 1), Int32(height - 1), atrium_gd_rgb(0, 0, 255))
    var size: Int32 = 0
    let pointer: UnsafeMutableRawPointer? =
      switch format {
      case .jpeg: gdImageJpegPtr(image, &size, 95)
      case .png: gdImagePngPtr(image, &size)
      case .webp: gdImageWebpPtrEx(image, &size, 95)
      }
    defer { gdFree(pointer) }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(size)))
  }

  /// A PNG of coloured noise, which does not compress: about 3 bytes a pixel, the size of a
  /// phone's photo at a few megapixels.
  public static func noise(width: Int, height: Int) -> [UInt8] {
    let image = gdImageCreateTrueColor(Int32(width), Int32(height))!
    defer { gdImageDestroy(image) }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for y in 0..<height {
      for x in 0..<width {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let bits = Int32(truncatingIfNeeded: state >> 40)
        gdImageSetPixel(image, Int32(x), Int32(y), atrium_gd_rgb(bits & 0xFF, (bits >> 8) & 0xFF, (bits >> 16) & 0xFF))
      }
    }
    var size: Int32 = 0
    let pointer = gdImagePngPtr(image, &size)
    defer { gdFree(pointer) }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(size)))
  }

  /// A JPEG with an APP1 EXIF segment (big-endian TIFF) holding only `Orientation`.
  public static func withOrientation(_ jpeg: [UInt8], _ orientation: Int) -> [UInt8] {
    let tiff: [UInt8] = [
      0x4D, 0x4D, 0x00, 0x2A, 0x00, 0x00, 0x00, 0x08,  // "MM", 42, IFD0 at 8
      0x00, 0x01,  // one entry
      0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, UInt8(orientation), 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00,  // no next IFD
    ]
    let payload = Array("Exif".utf8) + [0, 0] + tiff
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
  }

  /// The colour at (x, y) of a JPEG, decoded with libgd.
  public static func colour(of jpeg: [UInt8], x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
    var copy = jpeg
    return copy.withUnsafeMutableBytes { buffer in
      let image = gdImageCreateFromJpegPtr(Int32(buffer.count), buffer.baseAddress)!
      defer { gdImageDestroy(image) }
      let pixel = Int(gdImageGetTrueColorPixel(image, Int32(x), Int32(y)))
      return ((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
    }
  }

  public static func isRed(_ colour: (red: Int, green: Int, blue: Int)) -> Bool { colour.red > 200 && colour.blue < 60 }
  public static func isBlue(_ colour: (red: Int, green: Int, blue: Int)) -> Bool {
    colour.blue > 200 && colour.red < 60
  }

  public static func size(of jpeg: [UInt8]) -> (Int, Int)? {
    (try? ImageHeader(of: jpeg)).map { ($0.width, $0.height) }
  }
}
