import { describe, expect, it } from 'vitest';
import { functionWords } from './function-words.js';

describe('functionWords', () => {
  it('gives every word of a qualified name', () => {
    expect(functionWords('Foo.bar')).toEqual(['Foo', 'bar']);
    expect(functionWords('lambda$parse$0')).toEqual(['lambda$parse$0']);
    expect(functionWords('app::cart::total')).toEqual(['app', 'cart', 'total']);
  });

  it('gives an Objective-C method’s class, category and first selector keyword only', () => {
    expect(functionWords('-[RNNCommandsHandler pop:commandId:mergeOptions:completion:]')).toEqual([
      'RNNCommandsHandler',
      'pop',
    ]);
    expect(functionWords('+[Store storeNamed:]')).toEqual(['Store', 'storeNamed']);
    expect(functionWords('-[UIViewController(LayoutProtocol) mergeOptions:]')).toEqual([
      'UIViewController',
      'LayoutProtocol',
      'mergeOptions',
    ]);
    expect(functionWords('__41-[Client fetchURL:completion:]_block_invoke_2')).toEqual([
      'Client',
      'fetchURL',
    ]);
    expect(functionWords('-[Client reload]')).toEqual(['Client', 'reload']);
  });
});
