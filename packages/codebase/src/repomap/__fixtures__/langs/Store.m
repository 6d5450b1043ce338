#import "Store.h"

static NSUInteger clampSize(NSUInteger size) { return size > 64 ? 64 : size; }

@implementation Store

+ (instancetype)storeNamed:(NSString *)name {
  Store *store = [[Store alloc] init];
  store.name = name;
  return store;
}

- (void)put:(NSData *)data forKey:(NSString *)key {
  [self.items setObject:data forKey:key];
  clampSize(data.length);
}

@end
