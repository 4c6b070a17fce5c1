import { type Operation, completeOperation } from './openapi-operations.js';

describe('completeOperation', () => {
  const operation = (responses: Operation['responses'], parameters: Operation['parameters'] = []): Operation => ({ operationId: 'things_create', responses, parameters });

  it('refuses an operation whose documented success status is not the one its route answers', () => {
    expect(() => completeOperation(operation({ '200': { description: '' } }), 'post', undefined, '/admin/api/{version}/things.json', 201)).toThrow(
      'things_create answers 201 but documents 200',
    );
    expect(() => completeOperation(operation({ '200': { description: '' }, '201': { description: '' } }), 'post', undefined, '/x', 201)).toThrow('documents 200, 201');
  });

  it('documents path ids as positive integers and the Link header of a paged list', () => {
    const list = operation({ '200': { description: '' } }, [
      { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'page_info', in: 'query', schema: { type: 'string' } },
    ]);
    completeOperation(list, 'get', undefined, '/admin/api/{version}/things/{id}/parts.json', 200);
    expect(list.parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', schema: { type: 'integer', format: 'int64', minimum: 1 } }),
      { name: 'page_info', in: 'query', schema: { type: 'string' } },
      { $ref: '#/components/parameters/version' },
    ]);
    expect(list.responses['200']).toEqual({ description: 'OK', headers: { Link: { $ref: '#/components/headers/Link' } } });
  });
});
