import AtriumImages
import AtriumTestSupport
import Testing

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
