import CGD

/// Turns an uploaded profile photo into the square JPEGs Atrium serves: decoded with libgd,
/// cropped to its centre square, turned upright by its EXIF orientation, scaled to each size
/// and encoded afresh, which also drops every metadata field (location, camera, date) the
/// upload carried.
public struct PhotoProcessor: Sendable {
  /// Pixels an upload may have; past this the decode alone would take hundreds of megabytes.
  public var maximumPixels: Int
  /// JPEG quality of the results (0–100).
  public var quality: Int

  public init(maximumPixels: Int = 40_000_000, quality: Int = 85) {
    self.maximumPixels = maximumPixels
    self.quality = quality
  }

  public enum Failure: Error, Equatable {
    /// Not a JPEG, PNG or WebP (HTTP 415).
    case unsupportedFormat
    /// The right kind of file, but it cannot be decoded (HTTP 422).
    case unreadable
    /// Wider or taller than `maximumPixels` allows (HTTP 422).
    case tooManyPixels(width: Int, height: Int)
  }

  /// Square JPEGs of each requested side, in the order asked.
  public func squares(of bytes: [UInt8], sides: [Int]) throws(Failure) -> [[UInt8]] {
    let header: ImageHeader
    do {
      header = try ImageHeader(of: bytes)
    } catch .unsupportedFormat {
      throw .unsupportedFormat
    } catch {
      throw .unreadable
    }
    guard header.width * header.height <= maximumPixels else {
      throw .tooManyPixels(width: header.width, height: header.height)
    }
    let orientation = ExifOrientation.read(from: bytes, format: header.format)
    guard let image = Self.decode(bytes, format: header.format) else { throw .unreadable }
    defer { gdImageDestroy(image) }
    // A centred square stays the centred square whichever way the picture is turned, so the
    // crop and the scaling happen on the stored pixels and only the small result is turned.
    let width = Int(atrium_gd_width(image))
    let height = Int(atrium_gd_height(image))
    let side = min(width, height)
    let crop = (x: (width - side) / 2, y: (height - side) / 2)
    var results: [[UInt8]] = []
    for target in sides {
      guard let scaled = gdImageCreateTrueColor(Int32(target), Int32(target)) else { throw .unreadable }
      defer { gdImageDestroy(scaled) }
      // Transparent pixels land on white, since JPEG has no transparency.
      gdImageFilledRectangle(scaled, 0, 0, Int32(target - 1), Int32(target - 1), atrium_gd_rgb(255, 255, 255))
      gdImageAlphaBlending(scaled, 1)
      gdImageCopyResampled(
        scaled, image, 0, 0, Int32(crop.x), Int32(crop.y), Int32(target), Int32(target), Int32(side), Int32(side))
      let upright = orientation == .upright ? scaled : Self.turn(scaled, side: target, by: orientation)
      defer { if upright != scaled { gdImageDestroy(upright) } }
      guard let encoded = Self.jpeg(upright, quality: quality) else { throw .unreadable }
      results.append(encoded)
    }
    return results
  }

  private static func decode(_ bytes: [UInt8], format: ImageHeader.Format) -> gdImagePtr? {
    atrium_gd_silence_errors()
    var copy = bytes
    return copy.withUnsafeMutableBytes { buffer -> gdImagePtr? in
      let size = Int32(buffer.count)
      switch format {
      case .jpeg: return gdImageCreateFromJpegPtrEx(size, buffer.baseAddress, 1)
      case .png: return gdImageCreateFromPngPtr(size, buffer.baseAddress)
      case .webp: return gdImageCreateFromWebpPtr(size, buffer.baseAddress)
      }
    }
  }

  /// A new square image with the pixels of `image` moved as `orientation` says.
  private static func turn(_ image: gdImagePtr, side: Int, by orientation: ExifOrientation) -> gdImagePtr {
    guard let turned = gdImageCreateTrueColor(Int32(side), Int32(side)) else { return image }
    for y in 0..<side {
      for x in 0..<side {
        let source = orientation.source(ofX: x, y: y, side: side)
        gdImageSetPixel(
          turned, Int32(x), Int32(y), gdImageGetTrueColorPixel(image, Int32(source.x), Int32(source.y)))
      }
    }
    return turned
  }

  private static func jpeg(_ image: gdImagePtr, quality: Int) -> [UInt8]? {
    var size: Int32 = 0
    guard let pointer = gdImageJpegPtr(image, &size, Int32(quality)), size > 0 else { return nil }
    defer { gdFree(pointer) }
    return Array(UnsafeRawBufferPointer(start: pointer, count: Int(size)))
  }
}
