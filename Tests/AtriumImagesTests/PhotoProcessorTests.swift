import AtriumImages
import CGD
import Testing

/// Test pictures drawn with libgd: the left half one colour, the right half another, so a
/// result shows which way it was turned.
enum Picture {
  static let red = (255, 0, 0)
  static let blue = (0, 0, 255)

  static func halves(width: Int, height: Int, format: ImageHeader.Format) -> [UInt8] {
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

  /// A JPEG with an APP1 EXIF segment (big-endian TIFF) holding only `Orientation`.
  static func withOrientation(_ jpeg: [UInt8], _ orientation: Int) -> [UInt8] {
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
  static func colour(of jpeg: [UInt8], x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
    var copy = jpeg
    return copy.withUnsafeMutableBytes { buffer in
      let image = gdImageCreateFromJpegPtr(Int32(buffer.count), buffer.baseAddress)!
      defer { gdImageDestroy(image) }
      let pixel = Int(gdImageGetTrueColorPixel(image, Int32(x), Int32(y)))
      return ((pixel >> 16) & 0xFF, (pixel >> 8) & 0xFF, pixel & 0xFF)
    }
  }

  static func isRed(_ colour: (red: Int, green: Int, blue: Int)) -> Bool { colour.red > 200 && colour.blue < 60 }
  static func isBlue(_ colour: (red: Int, green: Int, blue: Int)) -> Bool { colour.blue > 200 && colour.red < 60 }

  static func size(of jpeg: [UInt8]) -> (Int, Int)? {
    (try? ImageHeader(of: jpeg)).map { ($0.width, $0.height) }
  }
}

@Suite struct PhotoProcessorTests {
  let processor = PhotoProcessor()

  @Test(arguments: [ImageHeader.Format.jpeg, .png, .webp])
  func readsEachFormatByItsContent(_ format: ImageHeader.Format) throws {
    let bytes = Picture.halves(width: 300, height: 200, format: format)
    let header = try ImageHeader(of: bytes)
    #expect(header.format == format)
    #expect(header.width == 300 && header.height == 200)
    let results = try processor.squares(of: bytes, sides: [512, 96])
    #expect(results.count == 2)
    #expect(Picture.size(of: results[0])! == (512, 512))
    #expect(Picture.size(of: results[1])! == (96, 96))
    // Cropped to the centre square, still left red and right blue.
    #expect(Picture.isRed(Picture.colour(of: results[1], x: 10, y: 48)))
    #expect(Picture.isBlue(Picture.colour(of: results[1], x: 85, y: 48)))
  }

  /// A phone held upright stores the picture sideways with orientation 6: shown turned a
  /// quarter clockwise, the stored left half (red) is on top.
  @Test func turnsAPhonePhotoUpright() throws {
    let sideways = Picture.withOrientation(Picture.halves(width: 400, height: 200, format: .jpeg), 6)
    #expect(ExifOrientation.read(from: sideways, format: .jpeg) == .turnedClockwise)
    let small = try processor.squares(of: sideways, sides: [96])[0]
    #expect(Picture.isRed(Picture.colour(of: small, x: 48, y: 10)))
    #expect(Picture.isBlue(Picture.colour(of: small, x: 48, y: 85)))
    let counter = Picture.withOrientation(Picture.halves(width: 400, height: 200, format: .jpeg), 8)
    let turnedBack = try processor.squares(of: counter, sides: [96])[0]
    #expect(Picture.isBlue(Picture.colour(of: turnedBack, x: 48, y: 10)))
    #expect(Picture.isRed(Picture.colour(of: turnedBack, x: 48, y: 85)))
  }

  @Test func dropsTheMetadataOfTheUpload() throws {
    let tagged = Picture.withOrientation(Picture.halves(width: 200, height: 200, format: .jpeg), 3)
    #expect(tagged.firstRange(of: Array("Exif".utf8)) != nil)
    let result = try processor.squares(of: tagged, sides: [512])[0]
    #expect(result.firstRange(of: Array("Exif".utf8)) == nil)
    #expect(ExifOrientation.read(from: result, format: .jpeg) == .upright)
  }

  @Test func everyOrientationMovesPixelsWithinTheSquare() {
    for orientation in ExifOrientation.allCases {
      var seen = Set<Int>()
      for y in 0..<5 {
        for x in 0..<5 {
          let source = orientation.source(ofX: x, y: y, side: 5)
          #expect((0..<5).contains(source.x) && (0..<5).contains(source.y))
          seen.insert(source.y * 5 + source.x)
        }
      }
      #expect(seen.count == 25, "\(orientation) must be a permutation")
    }
  }

  @Test func refusesWhatIsNotAnImage() {
    #expect(throws: PhotoProcessor.Failure.unsupportedFormat) {
      try processor.squares(of: Array("GIF89a not welcome".utf8), sides: [96])
    }
    #expect(throws: PhotoProcessor.Failure.unsupportedFormat) {
      try processor.squares(of: Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8), sides: [96])
    }
    #expect(throws: PhotoProcessor.Failure.unsupportedFormat) { try processor.squares(of: [], sides: [96]) }
  }

  @Test func refusesADamagedImage() {
    let jpeg = Picture.halves(width: 100, height: 100, format: .jpeg)
    #expect(throws: PhotoProcessor.Failure.unreadable) {
      try processor.squares(of: Array(jpeg.prefix(8)), sides: [96])
    }
    let png = Picture.halves(width: 100, height: 100, format: .png)
    var broken = png
    for index in 60..<broken.count { broken[index] = 0x42 }
    #expect(throws: PhotoProcessor.Failure.unreadable) { try processor.squares(of: broken, sides: [96]) }
  }

  /// A small file whose header claims 60,000 x 60,000 pixels is refused before decoding.
  @Test func refusesADecompressionBomb() {
    var png = Picture.halves(width: 10, height: 10, format: .png)
    let huge: [UInt8] = [0x00, 0x00, 0xEA, 0x60]  // 60,000
    png.replaceSubrange(16..<20, with: huge)
    png.replaceSubrange(20..<24, with: huge)
    #expect(throws: PhotoProcessor.Failure.tooManyPixels(width: 60_000, height: 60_000)) {
      try processor.squares(of: png, sides: [96])
    }
  }
}
