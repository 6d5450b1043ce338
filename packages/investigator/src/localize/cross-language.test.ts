import { parseReport } from '@sightline/intake';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createHandBuiltRepository,
  type HandBuiltRepository,
} from './__fixtures__/hand-built-index.js';
import { componentKeys, crossLanguageCounterparts, languageFamily } from './cross-language.js';
import { localize } from './localize.js';

// Failure class 4 of issue #33: a native Android crash in a React Native component whose fix is
// on its TypeScript side (the prop the JS component hands to the native view).
const NATIVE_CRASH = `Image crashes the app on Android

Rendering an image whose source is not loaded yet closes the app.

\`\`\`
java.lang.NullPointerException: Attempt to invoke virtual method 'int java.lang.String.length()' on a null object reference
    at com.horcrux.svg.ImageView.setHref(ImageView.java:4)
    at com.horcrux.svg.ImageViewManager.setHref(ImageViewManager.java:3)
    at java.lang.reflect.Method.invoke(Native Method)
    at com.facebook.react.uimanager.ViewManagersPropertyCache$PropSetter.updateViewProp(ViewManagersPropertyCache.java:86)
\`\`\`
`;

const javaClass = (name: string, method: string, body: string) => ({
  language: 'java',
  content: `package com.horcrux.svg;\nclass ${name} {\n  void ${method}(String value) {\n    ${body}\n  }\n}\n`,
  definitions: [
    { name, kind: 'class' as const, lines: [2, 6] as [number, number] },
    { name: method, kind: 'method' as const, lines: [3, 5] as [number, number] },
  ],
});
const component = (name: string, body: string) => ({
  language: 'tsx',
  content: `export function ${name}(props: Props) {\n  ${body}\n  return null;\n}\n`,
  definitions: [{ name, kind: 'function' as const, lines: [1, 4] as [number, number] }],
});

describe('componentKeys', () => {
  it('strips a class prefix and platform role words, most specific key first', () => {
    expect(componentKeys('ios/Elements/RNSVGImageView.m')).toEqual([
      'rnsvgimageview',
      'rnsvgimage',
      'imageview',
      'image',
    ]);
    expect(componentKeys('android/src/main/java/io/flutter/camera/CameraPlugin.java')).toEqual([
      'cameraplugin',
      'camera',
    ]);
    expect(componentKeys('lib/src/camera.dart')).toEqual(['camera']);
  });

  it('keeps a name made only of role words, and drops keys too short to name anything', () => {
    expect(componentKeys('src/NativeModule.ts')).toEqual(['nativemodule', 'native']);
    expect(componentKeys('src/UI.ts')).toEqual([]);
  });
});

describe('languageFamily', () => {
  it('puts both sides of a bridge in different families and JS with TS in one', () => {
    expect(languageFamily('a/Image.tsx')).toBe(languageFamily('b/image.js'));
    expect(languageFamily('a/ImageView.java')).toBe(languageFamily('a/ImageView.kt'));
    expect(languageFamily('ios/RNSVGImage.m')).not.toBe(languageFamily('a/ImageView.java'));
    expect(languageFamily('README.md')).toBeUndefined();
  });
});

describe('cross-language counterparts (failure class 4)', () => {
  let repository: HandBuiltRepository;
  beforeAll(async () => {
    repository = await createHandBuiltRepository({
      'android/src/main/java/com/horcrux/svg/ImageView.java': javaClass(
        'ImageView',
        'setHref',
        'int length = value.length();',
      ),
      'android/src/main/java/com/horcrux/svg/ImageViewManager.java': javaClass(
        'ImageViewManager',
        'setHref',
        'view.setHref(value);',
      ),
      'android/src/main/java/com/horcrux/svg/RectView.java': javaClass(
        'RectView',
        'setWidth',
        'width = value;',
      ),
      'src/elements/Image.tsx': component('Image', 'const uri = resolveAsset(props.source);'),
      'src/elements/Rect.tsx': component('Rect', 'const width = props.width;'),
      'ios/Elements/RNSVGImage.m': {
        content: '@implementation RNSVGImage\n- (void)setSrc:(id)src {}\n@end\n',
      },
      'example/Image.tsx': component('ImageExample', 'return <Image />;'),
    });
  });
  afterAll(() => repository.cleanup());

  it('credits the files of other languages named after the trace’s component, not its own language', () => {
    const found = crossLanguageCounterparts(repository.index, [
      { path: 'android/src/main/java/com/horcrux/svg/ImageView.java', weight: 1 },
      { path: 'android/src/main/java/com/horcrux/svg/ImageViewManager.java', weight: 0.6 },
    ]);
    // The TypeScript and Objective-C sides share the key `image`; the example is not shipped code.
    expect([...found.keys()].sort()).toEqual([
      'ios/Elements/RNSVGImage.m',
      'src/elements/Image.tsx',
    ]);
    expect(found.get('src/elements/Image.tsx')).toEqual({
      score: 0.5,
      of: 'android/src/main/java/com/horcrux/svg/ImageView.java',
      key: 'image',
    });
  });

  it('finds nothing when every language of the repository is in the trace', () => {
    const found = crossLanguageCounterparts(repository.index, [
      { path: 'android/src/main/java/com/horcrux/svg/ImageView.java', weight: 1 },
      { path: 'src/elements/Rect.tsx', weight: 0.6 },
      { path: 'ios/Elements/RNSVGImage.m', weight: 0.36 },
    ]);
    expect(found.size).toBe(0);
  });

  it('brings the component’s TypeScript side into the suspects of a native crash', () => {
    const suspects = localize(parseReport(NATIVE_CRASH), repository.index, { limit: 5 });
    const paths = suspects.map((suspect) => suspect.path);
    const image = suspects.find((suspect) => suspect.path === 'src/elements/Image.tsx');
    expect(paths.indexOf('src/elements/Image.tsx')).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf('src/elements/Image.tsx')).toBeLessThan(3);
    expect(image?.evidence).toContain(
      'the other side of `android/src/main/java/com/horcrux/svg/ImageView.java` in the trace (component `image`)',
    );
    // Another component of the same library gets no credit from this trace.
    const rect = suspects.find((suspect) => suspect.path === 'src/elements/Rect.tsx');
    expect(rect?.evidence.join('\n') ?? '').not.toContain('the other side of');
    expect(image?.score ?? 0).toBeGreaterThan(rect?.score ?? 0);
  });
});

describe('componentKeys on a long run of capitals', () => {
  it('reads a file name of 100,000 capitals (a class prefix, then a word)', () => {
    expect(componentKeys('src/AAAAAAAAAAImage.ts')).toEqual(['aaaaaaaaaaimage', 'image']);
    const capitals = 'A'.repeat(100_000);
    expect(componentKeys(`src/${capitals}Image.ts`)).toEqual([
      `${capitals.toLowerCase()}image`,
      'image',
    ]);
  });
});
