#import <Foundation/Foundation.h>

@protocol Loader <NSObject>
- (NSData *)load:(NSString *)key;
@end

@interface Store : NSObject
@property (nonatomic, copy) NSString *name;
+ (instancetype)storeNamed:(NSString *)name;
- (void)put:(NSData *)data forKey:(NSString *)key;
@end
